import { slides } from '../schema.ts';
import type { DbExecutor } from './executor.ts';
import { nextNumber } from './unique.ts';

export type SlideRow = typeof slides.$inferSelect;
export type SlideInsert = typeof slides.$inferInsert;

export function buildSlide(overrides: Partial<SlideInsert> = {}): SlideInsert {
  const n = nextNumber();
  return {
    title: `Test Slide ${n}`,
    subtitle: 'New oversized tees, made in India',
    cta: 'Shop Now',
    ctaLink: '/collection/men/oversized-t-shirt',
    isActive: true,
    position: n,
    ...overrides,
  };
}

/** An active slide without images (pass desktopId/mobileId from createMedia or ingestOriginal when needed). */
export async function createSlide(db: DbExecutor, overrides: Partial<SlideInsert> = {}): Promise<SlideRow> {
  const [row] = await db.insert(slides).values(buildSlide(overrides)).returning();
  if (!row) throw new Error('createSlide: no row returned');
  return row;
}
