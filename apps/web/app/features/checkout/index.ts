// What other features may use of the checkout (docs/decisions/015-web-boundaries.md): the payment provider's
// browser side, for paying an existing order again from the orders page. Imported lazily there, so none of it is
// in the orders page's first load.
export { loadRazorpay, payWithRazorpay, PaymentScriptError, type PaymentOutcome } from './razorpay';
export { checkoutApi } from './api';
