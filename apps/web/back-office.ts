// How the back office (/admin) is built without changing a byte of the shop's files. Rolldown cuts shared code
// into chunks by the set of pages that use it, and keeps in a module's chunk every export any page uses: when a
// back-office page imported a contract rule the shop also uses (the staff password's strength check, the e-mail
// pattern), that rule left the shop's chunk it shared with the sign-up form, or the shared chunk gained the
// back office's extra exports, and the shop's sign-in and sign-up pages loaded different files.
//
// So the back office imports the contract (packages/contract: pure rules and zod schemas, no state) as copies of
// its own: a module the back office reaches from its files gets a `?back-office` id, which Rolldown treats as a
// different module. The copies cost the back office a few hundred bytes; the shop's files stay as they were.
// What the back office still shares with the shop is the framework (React, React Router), whose one chunk every
// page loads: there, using an export no shop page uses adds it to that chunk (see features/admin/session.tsx).
import type { Plugin } from 'vite';

const BACK_OFFICE = /[\\/]app[\\/](?:features[\\/]admin[\\/]|routes[\\/]admin[.])/;
const CONTRACT = /[\\/]packages[\\/]contract[\\/]src[\\/]/;
const COPY = '?back-office';

export function backOfficeCopies(): Plugin {
  return {
    name: 'rangrez:back-office-copies',
    // Before Vite's own resolver, which would otherwise answer first.
    enforce: 'pre',
    // The browser build only: the server's single bundle and the dev server have no chunks to keep apart.
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    async resolveId(source, importer, options) {
      if (!importer || !(BACK_OFFICE.test(importer) || importer.endsWith(COPY))) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || resolved.external || !CONTRACT.test(resolved.id)) return null;
      return { ...resolved, id: `${resolved.id}${COPY}` };
    },
  };
}
