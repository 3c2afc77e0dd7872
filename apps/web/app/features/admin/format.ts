/** A time as staff in India read it: '25 Nov 2026, 3:04 pm'. */
export const formatDateTime = (iso: string) =>
  new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
