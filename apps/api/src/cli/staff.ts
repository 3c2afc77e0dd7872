// `npm run staff -- <command> <email> [role]`: the operator's staff commands (docs/admin.md#the-first-owner).
// Works whether or not the store is running (embedded database of DATA_DIR, or DATABASE_URL); each command is
// one audited change by 'system'.
import { isStaffRole, STAFF_ROLES, type StaffRole } from '@rangrez/contract/rules/staff-roles';
import { createDb } from '@rangrez/db/client';
import { runMigrations } from '@rangrez/db/migrate';
import { ConfigError, loadConfig } from '../env.ts';
import { systemClock } from '../lib/clock.ts';
import { createLoginThrottle } from '../modules/accounts/index.ts';
import { SYSTEM_ACTOR } from '../modules/audit/index.ts';
import { createStaffAdmin } from '../modules/staff/bootstrap.ts';
import { createStaffService, createStaffTokens } from '../modules/staff/index.ts';
import { openTarget } from './db-target.ts';

const USAGE = `Usage: npm run staff -- <command> <email> [role]
  add <email> <role>        create an active member; prints a one-time password
  invite <email> <role>     invite by e-mail; prints the link too
  set-role <email> <role>
  disable <email>
  reset-2fa <email>
  reset-password <email>    prints a new one-time password
Roles: ${STAFF_ROLES.join(', ')}`;

function roleArg(value: string | undefined): StaffRole {
  if (!isStaffRole(value)) throw new ConfigError(`role must be one of ${STAFF_ROLES.join(', ')}\n\n${USAGE}`);
  return value;
}

type Db = ReturnType<typeof createDb>['db'];

async function run(db: Db, config: ReturnType<typeof loadConfig>, [command, email, role]: string[]) {
  if (!command || !email) throw new ConfigError(USAGE);
  const admin = createStaffAdmin(db, systemClock);
  switch (command) {
    case 'add': {
      const { member, password } = await admin.add(email, roleArg(role));
      return `Added ${member.email} as ${member.role}. One-time password: ${password}`;
    }
    case 'invite': {
      const staff = createStaffService({
        db,
        clock: systemClock,
        tokens: createStaffTokens({ db, clock: systemClock, jwtSecret: config.accounts.jwtSecret }),
        throttle: createLoginThrottle(db),
        publicUrl: config.publicUrl,
        twoFactor: config.staff.twoFactor,
      });
      const { member, link } = await staff.inviteWithLink(SYSTEM_ACTOR('cli'), {
        email,
        role: roleArg(role),
      });
      return `Invited ${member.email} as ${member.role}. The link works once, for 48 hours:\n${link}`;
    }
    case 'set-role':
      return `${(await admin.setRole(email, roleArg(role))).email} is now ${role}; their sessions have ended.`;
    case 'disable':
      return `${(await admin.disable(email)).email} is disabled; their sessions have ended.`;
    case 'reset-2fa':
      return `Two-factor sign-in of ${(await admin.resetTwoFactor(email)).email} is off; they set it up again at sign-in.`;
    case 'reset-password': {
      const { member, password } = await admin.resetPassword(email);
      return `New one-time password for ${member.email}: ${password}`;
    }
    default:
      throw new ConfigError(USAGE);
  }
}

async function main() {
  const config = loadConfig();
  const target = await openTarget(config);
  try {
    await runMigrations(target.url, { log: { info: () => undefined } });
    const { db, close } = createDb(target.url, { max: 2, applicationName: 'rangrez:staff' });
    try {
      console.log(await run(db, config, process.argv.slice(2)));
    } finally {
      await close();
    }
  } finally {
    await target.release();
  }
}

main().catch((err: unknown) => {
  // The commands' refusals (unknown member, last owner...) are plain messages for the operator.
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
