// Messages of the wishlist (docs/product/texts.md#wishlist).
// Word for word; split by area so a page loads only the messages it shows. error-catalogue.ts and
// validation-messages.ts re-export them all.

export const WISHLIST_MESSAGES = {
  sessionExpired: 'Session expired. Please login again.',
  loginToAdd: 'Please log in to add to wishlist',
  loginToRemove: 'Please log in to remove from wishlist',
  notAuthenticated: 'User not authenticated',
  notAvailable: 'Wishlist is not available',
  notAvailableLogIn: 'Wishlist is not available. Please log in.',
  removed: 'Item removed from wishlist',
  removedToast: 'Item removed from wishlist.',
  added: 'Item added to wishlist',
  addedToast: 'Item added to wishlist!',
  loginToAddItems: 'Please log in to add items to your wishlist.',
  checkLoggedIn: 'Please check if you are logged in.',
  pageError: 'Oops! Something went wrong',
  loginToView: 'Please login to view your wishlist',
} as const;
