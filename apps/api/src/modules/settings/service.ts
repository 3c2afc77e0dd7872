// The store's own details (docs/admin.md#categories-size-charts-and-settings): what staff set in the back office,
// each field defaulted by the environment. The storefront reads them on every page that shows them, through a
// cache that the catalogue's change notifications clear (the store_settings trigger), so a change shows at once
// on every instance; the back office always reads the table itself.
import {
  type AdminSettingsBody,
  type AdminSettingsResponse,
  STORE_SETTING_KEYS,
  type StoreSettingsValues,
  type WelcomeOffer,
} from '@rangrez/contract/schemas';
import type { SiteSettings } from '@rangrez/contract/services';
import type { Config } from '../../env.ts';
import type { ChangeFeed } from '../../lib/change-feed.ts';
import type { Db, Executor } from '../../lib/db.ts';
import { ReadCache } from '../../lib/read-cache.ts';
import type { AuditedChange } from '../audit/index.ts';
import { findStoredSettings, lockStoredSettings, writeStoredSettings } from './repository.ts';

/** The audit rows of a settings change are about the store as a whole. */
const SETTINGS_ENTITY_ID = 'store';

/** The environment's value of every setting. */
export function settingsDefaults(
  config: Pick<Config, 'seller' | 'supportHours' | 'social' | 'whatsappNumber'>,
): StoreSettingsValues {
  const { seller, social } = config;
  return {
    legalName: seller.legalName,
    address: seller.address,
    email: seller.email,
    phone: seller.phone,
    grievanceOfficerName: seller.grievanceOfficer.name,
    grievanceOfficerEmail: seller.grievanceOfficer.email,
    grievanceOfficerPhone: seller.grievanceOfficer.phone,
    supportHours: config.supportHours,
    instagramUrl: social.instagram,
    facebookUrl: social.facebook,
    xUrl: social.x,
    youtubeUrl: social.youtube,
    whatsappNumber: config.whatsappNumber,
    // Not the environment's: every owner hears of every order until they choose otherwise.
    newOrderEmail: 'each',
    // The welcome offer the About page has always promised (docs/newsletter.md): 20% off, at most ₹300.
    welcomeOffer: 'on',
    welcomeOfferPercent: '20',
    welcomeOfferCap: '300',
    welcomeOfferMinSubtotal: '0',
    // Empty unless SELLER_GSTIN gives one: no invoice is issued without it (docs/gst.md#settings).
    sellerGstin: seller.gstin,
    invoicePrefix: 'RZ',
    creditNotePrefix: 'RZC',
    codInvoiceMoment: 'handover',
    // Empty until the store's SMS template is registered with DLT: no SMS goes out without it.
    smsDltTemplateId: '',
    smsSenderHeader: 'RNGREZ',
  };
}

/** The welcome offer's terms from the settings in force. */
export function welcomeOfferOf(s: StoreSettingsValues): WelcomeOffer {
  return {
    enabled: s.welcomeOffer === 'on',
    percent: Number(s.welcomeOfferPercent),
    cap: Number(s.welcomeOfferCap),
    minSubtotal: Number(s.welcomeOfferMinSubtotal),
  };
}

/** Only known keys with text values: a row written by an older version must not leak odd fields. */
function knownStored(value: Record<string, unknown>): Partial<StoreSettingsValues> {
  const out: Partial<StoreSettingsValues> = {};
  for (const key of STORE_SETTING_KEYS) {
    const v = value[key];
    if (typeof v === 'string') out[key] = v;
  }
  return out;
}

function answer(defaults: StoreSettingsValues, stored: Partial<StoreSettingsValues>): AdminSettingsResponse {
  const settings = { ...defaults };
  const nullable = {} as AdminSettingsResponse['stored'];
  for (const key of STORE_SETTING_KEYS) {
    const value = stored[key];
    nullable[key] = value ?? null;
    if (value !== undefined) settings[key] = value;
  }
  return { settings, stored: nullable, defaults };
}

function toSiteSettings(s: StoreSettingsValues): SiteSettings {
  return {
    seller: {
      legalName: s.legalName,
      address: s.address,
      email: s.email,
      phone: s.phone,
      grievanceOfficer: {
        name: s.grievanceOfficerName,
        email: s.grievanceOfficerEmail,
        phone: s.grievanceOfficerPhone,
      },
    },
    supportHours: s.supportHours,
    social: { instagram: s.instagramUrl, facebook: s.facebookUrl, x: s.xUrl, youtube: s.youtubeUrl },
    whatsappNumber: s.whatsappNumber,
    welcomeOffer: welcomeOfferOf(s),
  };
}

export interface SettingsOptions {
  db: Db;
  defaults: StoreSettingsValues;
}

async function read({ db, defaults }: SettingsOptions, executor: Executor = db) {
  return answer(defaults, knownStored(await findStoredSettings(executor)));
}

/** The settings in force, read through `executor` (a transaction that must see its own snapshot). */
export async function storeSettingsIn(
  executor: Executor,
  defaults: StoreSettingsValues,
): Promise<StoreSettingsValues> {
  return answer(defaults, knownStored(await findStoredSettings(executor))).settings;
}

/** PUT /admin/settings: the fields given are stored, the others go back to the environment's value. */
async function put({ defaults }: SettingsOptions, c: AuditedChange, body: AdminSettingsBody) {
  const before = knownStored(await lockStoredSettings(c.tx));
  const after: Partial<StoreSettingsValues> = {};
  for (const key of STORE_SETTING_KEYS) {
    const value = body[key];
    if (value !== undefined && value !== null) after[key] = value;
  }
  await writeStoredSettings(c.tx, after);
  await c.record({
    action: 'settings.update',
    entityType: 'settings',
    entityId: SETTINGS_ENTITY_ID,
    before: answer(defaults, before).settings,
    after: answer(defaults, after).settings,
  });
  return answer(defaults, after);
}

export function createSettingsService(opts: SettingsOptions) {
  return {
    read: () => read(opts),
    put: (c: AuditedChange, body: AdminSettingsBody) => put(opts, c, body),
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;

/**
 * The storefront's view: the settings in the shape pages use, cached while the change feed listens (one entry;
 * any catalogue or settings change clears it, which is rare enough to cost nothing).
 */
export function createSiteSettings(opts: SettingsOptions, changes?: ChangeFeed): () => Promise<SiteSettings> {
  const load = async () => toSiteSettings((await read(opts)).settings);
  if (!changes) return load;
  const cache = new ReadCache<SiteSettings>(changes, { maxEntries: 1 });
  return () => cache.getOrLoad('settings', async () => Object.freeze(await load()));
}
