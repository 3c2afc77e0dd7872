import { describe, expect, it } from 'vitest';
import * as constants from '../src/rules/constants.ts';
import {
  cartDrawerErrorMessage,
  collectionsErrorMessage,
  formatCountdown,
  LOGIN_ERROR_MESSAGES,
  loginErrorMessage,
  loginLockMessage,
  PAYMENT_MESSAGES,
  PINCODE_MESSAGES,
  profileErrorMessage,
  signupErrorMessage,
} from '../src/rules/error-catalogue.ts';
import {
  orderStatusLabel,
  ORDER_STATUSES,
  orderStatusTone,
  isOrderStatus,
} from '../src/rules/order-status.ts';
import {
  CHECKOUT_MESSAGES,
  LOGIN_MESSAGES,
  PRODUCT_MESSAGES,
  PROFILE_MESSAGES,
  requiredMessage,
  SIGNUP_MESSAGES,
} from '../src/rules/validation-messages.ts';

describe('validation messages, word for word', () => {
  it('login', () => {
    expect(LOGIN_MESSAGES).toMatchObject({
      emailRequired: 'Email is required',
      emailInvalid: 'Invalid email format',
      passwordRequired: 'Password is required',
      passwordTooShort: 'Password must be at least 6 characters',
      credentialsRequired: 'Email and password are required',
    });
  });

  it('signup', () => {
    expect(SIGNUP_MESSAGES.allFieldsRequired).toBe('All fields are required');
    expect(SIGNUP_MESSAGES.passwordWeak).toBe('Password must be stronger');
    expect(SIGNUP_MESSAGES.phoneInvalid).toBe('Please enter a valid phone number');
  });

  it('checkout', () => {
    expect(requiredMessage('City')).toBe('City is required');
    expect(CHECKOUT_MESSAGES.formHasErrors).toBe('Please fix the errors in the form before submitting.');
    expect(CHECKOUT_MESSAGES.cartEmpty).toBe('Your cart is empty. Please add items before placing an order.');
    expect(CHECKOUT_MESSAGES.loginRequired).toBe('Please log in to place an order.');
    expect(CHECKOUT_MESSAGES.pincodeInvalid).toBe('Please enter a valid 6-digit PIN code');
  });

  it('profile and product', () => {
    expect(PROFILE_MESSAGES).toMatchObject({
      namesRequired: 'First name and last name are required',
      avatarInvalid: 'Please enter a valid avatar URL',
      noValidUpdates: 'No valid updates provided',
      noAuthenticatedUser: 'No authenticated user',
      userIdRequired: 'User ID is required',
      authenticationRequired: 'Authentication required',
    });
    expect(PRODUCT_MESSAGES).toEqual({
      selectSize: 'Please select a size.',
      selectColor: 'Please select a color.',
    });
  });
});

describe('error catalogue mappings', () => {
  it('login errors', () => {
    expect(loginErrorMessage('User not found')).toBe('No account found with this email.');
    expect(loginErrorMessage('Invalid password')).toBe('Incorrect password.');
    expect(loginErrorMessage('Too many requests')).toBe('Too many login attempts. Please try again later.');
    expect(loginErrorMessage('User not found', true)).toBe(
      'No internet connection. Please check your network.',
    );
    expect(loginErrorMessage(undefined)).toBe(LOGIN_ERROR_MESSAGES.fallback);
    expect(LOGIN_ERROR_MESSAGES.fallback).toBe('Failed to log in. Please check your credentials.');
  });

  it('lock banner counts down in m:ss', () => {
    expect(formatCountdown(300)).toBe('5:00');
    expect(formatCountdown(65)).toBe('1:05');
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(-3)).toBe('0:00');
    expect(loginLockMessage(299)).toBe('Too many login attempts. Please try again in 4:59 minutes.');
  });

  it('signup errors', () => {
    expect(signupErrorMessage('Email already exists')).toBe(
      'This email is already registered. Please use a different email.',
    );
    expect(signupErrorMessage('network down')).toBe('Network error. Please check your connection.');
    expect(signupErrorMessage('boom')).toBe('Signup failed. Please try again.');
  });

  it('profile, cart, collections, payment, pincode', () => {
    expect(profileErrorMessage('Session expired. Please login again.')).toEqual({
      message: 'Your session has expired. Please log in again.',
      logout: true,
    });
    expect(profileErrorMessage(undefined)).toEqual({
      message: 'Failed to update profile. Please try again.',
      logout: false,
    });
    expect(cartDrawerErrorMessage('x')).toBe('Error: x');
    expect(cartDrawerErrorMessage(undefined)).toBe('Something went wrong!');
    expect(collectionsErrorMessage('down')).toBe('Error loading collections: down');
    expect(PAYMENT_MESSAGES.verificationFailed).toBe('Payment verification failed. Please contact support.');
    expect(PINCODE_MESSAGES.lookupFailed).toBe('Unable to fetch location. Please enter manually.');
  });
});

describe('order statuses', () => {
  it('lists the shopper-visible statuses in order', () => {
    expect(ORDER_STATUSES).toEqual([
      'created',
      'payment_pending',
      'payment_failed',
      'confirmed',
      'processing',
      'shipped',
      'delivered',
      'cancelled',
      'disputed',
      'refunded',
    ]);
    expect(isOrderStatus('shipped')).toBe(true);
    expect(isOrderStatus('Shipped')).toBe(false);
  });

  it('gives unknown statuses the default tone and labels words', () => {
    expect(orderStatusTone('delivered')).toBe('success');
    expect(orderStatusTone('lost_in_space')).toBe('neutral');
    expect(orderStatusLabel('payment_pending')).toBe('Payment Pending');
  });
});

describe('constants', () => {
  it('match the documented timings and limits', () => {
    expect(constants).toMatchObject({
      SLIDER_TRANSITION_MS: 1000,
      SLIDER_AUTO_ADVANCE_MS: 8000,
      SLIDER_SWIPE_THRESHOLD_PX: 50,
      MOBILE_BREAKPOINT_PX: 768,
      SLIDER_DEFAULT_PAGE: 1,
      SLIDER_DEFAULT_LIMIT: 10,
      API_TIMEOUT_MS: 10_000,
      PRODUCT_LIST_CACHE_MS: 600_000,
      LOGIN_LOCK_MAX_FAILURES: 5,
      LOGIN_LOCK_SECONDS: 300,
      TOAST_AUTO_CLOSE_MS: 5000,
      PROFILE_SUCCESS_MS: 3000,
      SESSION_EXPIRED_LOGOUT_MS: 2000,
      CARD_SWATCHES_MAX: 2,
      DELIVERY_ESTIMATE: '3-5 Business Days',
    });
  });
});
