import { describe, expect, it } from 'vitest';
import {
  cartDrawerErrorMessage,
  collectionsErrorMessage,
  formatCountdown,
  loginErrorMessage,
  loginLockMessage,
  profileErrorMessage,
  signupErrorMessage,
} from '../src/rules/error-catalogue.ts';
import { isOrderStatus, orderStatusLabel, orderStatusTone } from '../src/rules/order-status.ts';

describe('error catalogue mappings', () => {
  it('login errors', () => {
    expect(loginErrorMessage('User not found')).toBe('No account found with this email.');
    expect(loginErrorMessage('Invalid password')).toBe('Incorrect password.');
    expect(loginErrorMessage('Too many requests')).toBe('Too many login attempts. Please try again later.');
    expect(loginErrorMessage('User not found', true)).toBe(
      'No internet connection. Please check your network.',
    );
    expect(loginErrorMessage(undefined)).toBe('Failed to log in. Please check your credentials.');
    expect(loginErrorMessage('Something unexpected')).toBe(
      'Failed to log in. Please check your credentials.',
    );
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
  });
});

describe('order statuses', () => {
  it('recognises the statuses by their exact words', () => {
    expect(isOrderStatus('shipped')).toBe(true);
    expect(isOrderStatus('Shipped')).toBe(false);
    expect(isOrderStatus('lost_in_space')).toBe(false);
  });

  it('gives unknown statuses the default tone and labels words', () => {
    expect(orderStatusTone('delivered')).toBe('success');
    expect(orderStatusTone('lost_in_space')).toBe('neutral');
    expect(orderStatusLabel('payment_pending')).toBe('Payment Pending');
  });
});
