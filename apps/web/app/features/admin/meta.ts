// The <head> of every back-office page: its own title, and kept out of search engines.
const BACK_OFFICE = 'Rangrez back office';

export function adminMeta(title?: string) {
  return [
    { title: title ? `${title} | ${BACK_OFFICE}` : BACK_OFFICE },
    { name: 'robots', content: 'noindex' },
  ];
}
