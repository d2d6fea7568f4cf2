import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PasswordStrengthMeter } from './password-strength.tsx';

describe('password strength meter (spec §5)', () => {
  it.each([
    ['abc', 'weak', 'faible'],
    ['abcdefgh', 'weak', 'faible'],
    ['Abcdefgh', 'medium', 'moyen'],
    ['Abcdefg1', 'medium', 'moyen'],
    ['Abcdefg1!', 'strong', 'fort'],
    ['Abcdefgh1234', 'strong', 'fort'],
    ['Abcdefgh123!', 'very_strong', 'très fort'],
  ])('%s is %s', (password, strength, label) => {
    render(<PasswordStrengthMeter password={password} />);
    expect(screen.getByTestId('password-strength')).toHaveAttribute('data-strength', strength);
    expect(screen.getByText(label, { exact: true })).toBeInTheDocument();
  });

  it('shows nothing for an empty password', () => {
    const { container } = render(<PasswordStrengthMeter password="" />);
    expect(container).toBeEmptyDOMElement();
  });
});
