// What the owner's dashboard says about each tile (docs/admin.md#dashboard): its value, and its change against the
// previous range in words ("Up 12%", "Down 1.5 points"), so the direction never rests on colour alone.
import { indiaDate } from '@rangrez/contract/rules/india-days';
import { formatINR } from '@rangrez/contract/rules/money';
import type { DashboardTile, DashboardTileName } from '@rangrez/contract/schemas/admin-dashboard';

type Kind = 'money' | 'count' | 'rate';

interface TileSpec {
  label: string;
  kind: Kind;
  /** Whether a rise is good news (refunds, returns and RTO are not). */
  upIsGood: boolean;
}

export const TILE_SPECS: Readonly<Record<DashboardTileName, TileSpec>> = {
  netSales: { label: 'Net sales', kind: 'money', upIsGood: true },
  orders: { label: 'Orders', kind: 'count', upIsGood: true },
  averageOrderValue: { label: 'Average order value', kind: 'money', upIsGood: true },
  codShare: { label: 'COD share', kind: 'rate', upIsGood: false },
  refunds: { label: 'Refunds', kind: 'money', upIsGood: false },
  returnRate: { label: 'Return rate', kind: 'rate', upIsGood: false },
  rtoRate: { label: 'RTO rate', kind: 'rate', upIsGood: false },
  newShoppers: { label: 'New shoppers', kind: 'count', upIsGood: true },
  returningShoppers: { label: 'Returning shoppers', kind: 'count', upIsGood: true },
  slideClickConversion: { label: 'Orders per slide click', kind: 'rate', upIsGood: true },
};

const percent = (fraction: number) => `${(fraction * 100).toFixed(1)}%`;

export function tileValue(kind: Kind, value: number | null): string {
  if (value === null) return '–';
  if (kind === 'money') return formatINR(value);
  if (kind === 'rate') return percent(value);
  return value.toLocaleString('en-IN');
}

export interface TileChange {
  direction: 'up' | 'down' | 'same' | 'none';
  text: string;
  /** For the colour that only repeats what the text says. */
  good: boolean | null;
}

/** The change in words: rates in percentage points, the rest as a percentage of the previous value. */
export function tileChange(name: DashboardTileName, tile: DashboardTile): TileChange {
  const { kind, upIsGood } = TILE_SPECS[name];
  const { value, previous } = tile;
  if (value === null || previous === null)
    return { direction: 'none', text: 'Nothing to compare with', good: null };
  if (value === previous) return { direction: 'same', text: 'No change', good: null };
  const direction = value > previous ? 'up' : 'down';
  const word = direction === 'up' ? 'Up' : 'Down';
  const good = (direction === 'up') === upIsGood;
  if (kind === 'rate') {
    const points = Math.abs(value - previous) * 100;
    return { direction, text: `${word} ${points.toFixed(1)} points`, good };
  }
  if (previous === 0) return { direction, text: `${word} from ${tileValue(kind, 0)}`, good };
  const change = Math.abs((value - previous) / previous) * 100;
  return { direction, text: `${word} ${change < 10 ? change.toFixed(1) : Math.round(change)}%`, good };
}

const DAY_MS = 86_400_000;

/** Today in India, 'YYYY-MM-DD'. */
export const indiaToday = (now: Date = new Date()) => indiaDate(now);

/** The last `days` days up to `to`, both ends included. */
export function lastDays(days: number, to: string): { from: string; to: string } {
  const from = new Date(Date.parse(`${to}T00:00:00Z`) - (days - 1) * DAY_MS).toISOString().slice(0, 10);
  return { from, to };
}
