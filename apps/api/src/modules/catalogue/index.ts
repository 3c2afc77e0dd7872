// What the rest of the API may use of the catalogue module (docs/decisions/013-module-boundaries.md).
export { listCardsByIds } from './repository.ts';
export { parseSlugList, toListItem } from './service.ts';
export { type NewlyAdded, groupCondition } from './newly-added.ts';
