/** `1 email`, `3 emails`; `1 email address`, `2 email addresses`. */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}
