// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { STAFF_MESSAGES } from '@rangrez/contract/rules/staff-roles';
import {
  type AdminSettingsResponse,
  adminSettingsResponseSchema,
} from '@rangrez/contract/schemas/admin-settings';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiResponse } from '../../../lib/test-helpers';
import { saveAdminToken } from '../api';
import { type FakeCall, fakeAdminApi, makeStaff, renderInSession } from '../test-helpers';
import { SettingsPage } from './SettingsPage';

const defaults = {
  legalName: 'Rangrez Apparel Private Limited',
  address: '14 Hill Road, Bandra West, Mumbai 400050',
  email: 'support@rangrez.store',
  phone: '+91 22 4890 1200',
  grievanceOfficerName: 'Ananya Kulkarni',
  grievanceOfficerEmail: 'grievance@rangrez.store',
  grievanceOfficerPhone: '+91 22 4890 1299',
  supportHours: 'Monday to Saturday, 11:00 to 19:00 IST',
  instagramUrl: 'https://www.instagram.com/',
  facebookUrl: '',
  xUrl: 'https://x.com/',
  youtubeUrl: 'https://www.youtube.com/',
  newOrderEmail: 'each',
  welcomeOffer: 'on',
  welcomeOfferPercent: '20',
  welcomeOfferCap: '300',
  welcomeOfferMinSubtotal: '0',
  sellerGstin: '',
  invoicePrefix: 'RZ',
  creditNotePrefix: 'RZC',
  codInvoiceMoment: 'handover',
  whatsappNumber: '',
  smsDltTemplateId: '',
  smsSenderHeader: 'RNGREZ',
};
const unset = Object.fromEntries(
  Object.keys(defaults).map((k) => [k, null]),
) as AdminSettingsResponse['stored'];
const answer: AdminSettingsResponse = {
  settings: { ...defaults, phone: '+91 98200 00000' },
  stored: { ...unset, phone: '+91 98200 00000' },
  defaults,
};
let calls: FakeCall[];
const flush = () => act(async () => {});

beforeEach(() => {
  sessionStorage.clear();
  saveAdminToken('staff-token-1');
  calls = fakeAdminApi(() => apiResponse(adminSettingsResponseSchema, answer));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SettingsPage', () => {
  it('shows what is set, the environment as placeholders, and sends an emptied field as null', async () => {
    renderInSession(SettingsPage, makeStaff('owner'));
    await flush();
    const phone = screen.getByLabelText('Customer-care phone') as HTMLInputElement;
    expect(phone.value).toBe('+91 98200 00000');
    const address = screen.getByLabelText('Registered address') as HTMLInputElement;
    expect(address.value).toBe('');
    expect(address.placeholder).toBe(defaults.address);
    fireEvent.change(phone, { target: { value: '' } });
    fireEvent.change(address, { target: { value: '7 Linking Road, Mumbai' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await flush();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toMatchObject({ phone: null, address: '7 Linking Road, Mumbai', legalName: null });
  });

  it("offers the owners' new-order e-mails as a labelled choice, sent as chosen", async () => {
    renderInSession(SettingsPage, makeStaff('owner'));
    await flush();
    const choice = screen.getByLabelText('New-order e-mails to the owners') as HTMLSelectElement;
    expect(choice.value).toBe('each');
    expect([...choice.options].map((o) => o.text)).toEqual([
      'One e-mail for each order',
      'One summary an hour (hours with orders only)',
      'No e-mails',
    ]);
    expect(choice.getAttribute('aria-describedby')).toBe('setting-newOrderEmail-hint');
    fireEvent.change(choice, { target: { value: 'hourly' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await flush();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ newOrderEmail: 'hourly' });
  });

  it('switches the welcome offer and sets its terms, checking them before sending', async () => {
    renderInSession(SettingsPage, makeStaff('owner'));
    await flush();
    const offer = screen.getByLabelText('Welcome offer') as HTMLSelectElement;
    expect(offer.value).toBe('on');
    expect([...offer.options].map((o) => o.text)).toEqual([
      'On: the newsletter box subscribes and sends a code',
      'Off: the newsletter box says it is coming soon',
    ]);
    const percent = screen.getByLabelText('Percent off the first order') as HTMLInputElement;
    expect(percent.placeholder).toBe('20');
    fireEvent.change(percent, { target: { value: '120' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await flush();
    expect(screen.getByText('welcomeOfferPercent must be between 1 and 100')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.change(percent, { target: { value: '15' } });
    fireEvent.change(screen.getByLabelText('At most (₹)'), { target: { value: '250' } });
    fireEvent.change(offer, { target: { value: 'off' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await flush();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      welcomeOffer: 'off',
      welcomeOfferPercent: '15',
      welcomeOfferCap: '250',
      welcomeOfferMinSubtotal: null,
    });
  });

  it("shows the API's own message for a bad value and sends nothing", async () => {
    renderInSession(SettingsPage, makeStaff('owner'));
    await flush();
    fireEvent.change(screen.getByLabelText('Facebook'), { target: { value: 'http://facebook.com/x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await flush();
    expect(screen.getByText('facebookUrl must be empty or an https URL')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('says a GSTIN is needed for invoices, names the GSTIN problem and offers the COD invoice moment', async () => {
    renderInSession(SettingsPage, makeStaff('owner'));
    await flush();
    const gstin = screen.getByLabelText('Seller GSTIN') as HTMLInputElement;
    expect(document.getElementById(gstin.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      "Without a GSTIN no invoice is issued. The state code it starts with is the seller's state.",
    );
    const moment = screen.getByLabelText('Cash-on-delivery orders are invoiced') as HTMLSelectElement;
    expect(moment.value).toBe('handover');
    expect([...moment.options].map((o) => o.text)).toEqual([
      'When handed to the delivery partner',
      'When delivered (cash collected)',
    ]);
    // One character off the valid 27AAPFU0939F1ZV.
    fireEvent.change(gstin, { target: { value: '27AAPFU0939F1ZW' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await flush();
    expect(
      screen.getByText('sellerGstin has a typo: its last character does not match the rest'),
    ).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.change(gstin, { target: { value: '27aapfu0939f1zv' } });
    fireEvent.change(moment, { target: { value: 'delivery' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await flush();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      sellerGstin: '27aapfu0939f1zv',
      codInvoiceMoment: 'delivery',
    });
  });

  it('is closed to roles without settings:read', async () => {
    renderInSession(SettingsPage, makeStaff('catalogue'));
    await flush();
    expect(screen.getByText(STAFF_MESSAGES.forbidden)).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});
