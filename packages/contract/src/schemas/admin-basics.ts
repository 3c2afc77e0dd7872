// Building blocks of the back office's request schemas (slides, categories, settings), kept apart from the
// shop's so that the shop's bundles never change with them.
import { z } from 'zod';
import { isUuid } from '../rules/patterns.ts';

/** Trimmed text of at most `max` characters; empty allowed. */
export const boundedText = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, `${field} must be at most ${max} characters`);

/** An uploaded image's id, or null for none. */
export const mediaIdOrNull = (field: string) =>
  z
    .string({ error: `${field} must be a media id or null` })
    .refine(isUuid, `${field} must be a media id or null`)
    .nullable();
