// What other features may use of the wishlist feature (eslint/web.js): the heart on product cards and pages.
export { WishlistButton } from './components/WishlistButton';
