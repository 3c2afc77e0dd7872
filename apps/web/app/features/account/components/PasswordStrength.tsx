// Signup password strength (docs/product/rules.md#password-strength): five checks, Weak / Medium / Strong, 300 ms pause.
import { PASSWORD_STRENGTH_DEBOUNCE_MS } from '@rangrez/contract/rules/constants';
import { PASSWORD_CHECKS, passwordStrength } from '@rangrez/contract/rules/password-strength';
import { useDebouncedValue } from '../use-debounced-value';

const LABEL_STYLE = {
  Weak: { bar: 'bg-red-500', text: 'text-red-700' },
  Medium: { bar: 'bg-amber-500', text: 'text-amber-700' },
  Strong: { bar: 'bg-green-600', text: 'text-green-700' },
} as const;

export function PasswordStrength({ password }: { password: string }) {
  const settled = useDebouncedValue(password, PASSWORD_STRENGTH_DEBOUNCE_MS);
  if (settled === '') return null;
  const strength = passwordStrength(settled);
  const style = LABEL_STYLE[strength.label];
  return (
    <div className="mt-2" data-testid="password-strength">
      <div className="flex items-center gap-3">
        <div className="flex h-1.5 flex-1 gap-1" aria-hidden="true">
          {PASSWORD_CHECKS.map((check, index) => (
            <span
              key={check.id}
              className={`flex-1 rounded-full ${index < strength.score ? style.bar : 'bg-black/10'}`}
            />
          ))}
        </div>
        <p className={`text-sm font-semibold ${style.text}`} aria-live="polite">
          <span className="sr-only">Password strength: </span>
          {strength.label}
        </p>
      </div>
      <ul className="mt-2 grid gap-1 text-xs sm:grid-cols-2" aria-label="Password requirements">
        {PASSWORD_CHECKS.map((check) => {
          const passed = strength.checks[check.id];
          return (
            <li key={check.id} className={passed ? 'text-green-700' : 'text-neutral-500'}>
              <span aria-hidden="true">{passed ? '✓' : '○'} </span>
              {check.label}
              <span className="sr-only">{passed ? ' (met)' : ' (not met)'}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
