/** "YYYY-MM" of a date (local time): the current month of the user, as the month selects store it. */
export function monthOf(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}`;
}
