// What 'Notify me' says (docs/decisions/039-newly-added-and-back-in-stock.md); free of zod for the browser.

export const BACK_IN_STOCK_MESSAGES = {
  emailRequired: 'Please enter your email address.',
  emailInvalid: 'Please enter a valid email address.',
  sizeAndColour: 'Choose both a size and a colour, or neither.',
  inStock: 'This is in stock now: you can order it.',
  requested: 'We will email you when it is back in stock.',
  failed: 'Could not save your request. Please try again.',
} as const;
