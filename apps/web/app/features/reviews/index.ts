// What other features may use of the reviews feature (eslint/web.js): the shopper's own review and its form, at
// the top of the product page's Reviews tab. The form's code stays behind the component's button.
export { OwnReview } from './components/OwnReview';
