import { type PasswordStrength, passwordScore } from '@pilote/contracts';
import { cn } from '../../../lib/cn.ts';
import { passwordStrengthLabels } from '../utils/form-messages.ts';

const filledBars: Record<PasswordStrength, number> = { weak: 1, medium: 2, strong: 3, very_strong: 4 };
const barColour: Record<PasswordStrength, string> = {
  weak: 'bg-danger',
  medium: 'bg-elec',
  strong: 'bg-success',
  very_strong: 'bg-success',
};

export const PASSWORD_RULES_HINT =
  'Accepté à partir de « fort » : 8 caractères avec une majuscule, une minuscule et un chiffre, plus un symbole ou 12 caractères.';

/** The password score of spec §5 while the user types: four bars and the word (read politely). */
export function PasswordStrengthMeter({ password }: { password: string }) {
  if (!password) {
    return null;
  }
  const { strength, accepted } = passwordScore(password);
  return (
    <div className="mt-1 flex flex-col gap-1" data-testid="password-strength" data-strength={strength}>
      <div className="grid grid-cols-4 gap-1" aria-hidden="true">
        {[0, 1, 2, 3].map((index) => (
          <span
            key={index}
            className={cn('h-1.5 rounded-full', index < filledBars[strength] ? barColour[strength] : 'bg-muted')}
          />
        ))}
      </div>
      <p aria-live="polite" className="text-xs text-muted-foreground">
        Force du mot de passe :{' '}
        <span className={cn('font-semibold', accepted ? 'text-success' : 'text-foreground')}>
          {passwordStrengthLabels[strength]}
        </span>
      </p>
    </div>
  );
}
