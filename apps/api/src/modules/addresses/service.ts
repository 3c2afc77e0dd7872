// The address book (docs/accounts.md#address-book): a shopper's saved delivery addresses. A shopper only ever
// reaches their own: someone else's id is 'Address not found', exactly like an id that does not exist.
import { MAX_SAVED_ADDRESSES, isUuid } from '@rangrez/contract/rules';
import {
  ADDRESS_MESSAGES,
  type AddressBody,
  type AddressPatch,
  type DeliveryAddressInput,
  type SavedAddress,
} from '@rangrez/contract/schemas';
import type { Clock } from '../../lib/clock.ts';
import type { Db, Executor, Tx } from '../../lib/db.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import {
  type AddressRow,
  type AddressValues,
  clearDefault,
  countAddresses,
  dedupeKeyOf,
  deleteAddress,
  findAddress,
  findAddressByKey,
  insertAddress,
  listAddresses,
  lockAddressBook,
  updateAddress,
} from './repository.ts';

export function addressJson(row: AddressRow): SavedAddress {
  return {
    _id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    doorNo: row.doorNo,
    address: row.street,
    city: row.city,
    state: row.addressState,
    pincode: row.pincode,
    isDefault: row.isDefault,
    lastUsedAt: row.lastUsedAt.toISOString(),
  };
}

/** The stored columns of an address in the checkout's fields (already trimmed and normalised by the schema). */
function valuesOf(address: Partial<DeliveryAddressInput>): Partial<AddressValues> {
  const values: Partial<AddressValues> = {
    firstName: address.firstName,
    lastName: address.lastName,
    email: address.email,
    phone: address.phone,
    doorNo: address.doorNo,
    street: address.address,
    city: address.city,
    addressState: address.state,
    pincode: address.pincode,
  };
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
}

type SaveOutcome = { kind: 'added' | 'existing'; row: AddressRow } | { kind: 'full' };

/**
 * Saves an address, or finds it already saved (then it counts as used now). A new one past the cap is refused
 * with kind 'full'. Runs in the caller's transaction, under the shopper's address-book lock.
 */
async function saveInTx(
  tx: Executor,
  userId: string,
  address: DeliveryAddressInput,
  isDefault: boolean,
  now: Date,
): Promise<SaveOutcome> {
  await lockAddressBook(tx, userId);
  const values = valuesOf(address) as AddressValues;
  const existing = await findAddressByKey(tx, userId, dedupeKeyOf(values));
  if (isDefault) await clearDefault(tx, userId, existing?.id ?? null);
  if (existing) {
    const row = await updateAddress(
      tx,
      existing,
      { lastUsedAt: now, ...(isDefault ? { isDefault } : {}) },
      now,
    );
    return { kind: 'existing', row };
  }
  if ((await countAddresses(tx, userId)) >= MAX_SAVED_ADDRESSES) return { kind: 'full' };
  return { kind: 'added', row: await insertAddress(tx, userId, { ...values, isDefault }, now) };
}

/**
 * At order placement, when the shopper ticked 'Save this address': in a savepoint of the order's transaction. It
 * never fails the order: a full book or any failure rolls back only the savepoint, and is answered for the caller
 * to log once the order is in.
 */
export async function keepOrderAddressInTx(
  tx: Tx,
  userId: string,
  address: DeliveryAddressInput,
  now: Date,
): Promise<{ saved: true } | { saved: false; error: unknown }> {
  try {
    await tx.transaction((sp) => saveInTx(sp, userId, address, false, now));
    return { saved: true };
  } catch (error) {
    return { saved: false, error };
  }
}

export function createAddressBook({ db, clock }: { db: Db; clock: Clock }) {
  async function own(executor: Executor, userId: string, id: string): Promise<AddressRow> {
    const row = isUuid(id) ? await findAddress(executor, userId, id) : undefined;
    if (!row) throw notFound(ADDRESS_MESSAGES.notFound);
    return row;
  }

  return {
    async list(userId: string): Promise<SavedAddress[]> {
      return (await listAddresses(db, userId)).map(addressJson);
    },

    /** 201 for a new address, 200 for one already saved (answered as stored); 409 past the cap. */
    async add(userId: string, body: AddressBody): Promise<{ address: SavedAddress; created: boolean }> {
      const { isDefault = false, ...address } = body;
      const outcome = await db.transaction((tx) => saveInTx(tx, userId, address, isDefault, clock.now()));
      if (outcome.kind === 'full') throw conflict(ADDRESS_MESSAGES.limit);
      return { address: addressJson(outcome.row), created: outcome.kind === 'added' };
    },

    /** A change that would make it equal to another saved address is 409. */
    async update(userId: string, id: string, patch: AddressPatch): Promise<SavedAddress> {
      const { isDefault, ...address } = patch;
      return db.transaction(async (tx) => {
        await lockAddressBook(tx, userId);
        const row = await own(tx, userId, id);
        const set = valuesOf(address);
        const twin = await findAddressByKey(tx, userId, dedupeKeyOf({ ...row, ...set }));
        if (twin && twin.id !== row.id) throw conflict(ADDRESS_MESSAGES.duplicate);
        if (isDefault) await clearDefault(tx, userId, row.id);
        const now = clock.now();
        return addressJson(
          await updateAddress(tx, row, { ...set, ...(isDefault === undefined ? {} : { isDefault }) }, now),
        );
      });
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!isUuid(id) || !(await deleteAddress(db, userId, id))) throw notFound(ADDRESS_MESSAGES.notFound);
    },
  };
}

export type AddressBook = ReturnType<typeof createAddressBook>;
