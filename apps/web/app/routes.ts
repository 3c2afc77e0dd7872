import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('about', 'routes/about.tsx'),
  route('contact', 'routes/contact.tsx'),
  route('collection/:categoryName/:subCategoryName', 'routes/collection.tsx'),
  route('product/:productId', 'routes/product.tsx'),
  route('privacy', 'routes/privacy.tsx'),
  route('return', 'routes/return.tsx'),
  route('shipping', 'routes/shipping.tsx'),
  route('terms', 'routes/terms.tsx'),
  route('404', 'routes/not-found.tsx'),
  // Accounts: sign-in pages, the Google popup's callback, and the pages that need a signed-in user.
  route('login', 'routes/login.tsx'),
  route('signup', 'routes/signup.tsx'),
  route('auth/google/callback', 'routes/auth.google.callback.tsx'),
  layout('routes/require-auth.tsx', [
    route('profile', 'routes/profile.tsx'),
    route('place-order', 'routes/place-order.tsx'),
    route('orders', 'routes/orders.tsx'),
    route('successPage/:qikinkOrderId', 'routes/success-page.tsx'),
    route('wishlist', 'routes/wishlist.tsx'),
    route('cart', 'routes/cart.tsx'),
  ]),
  // The back office (docs/admin.md#the-admin-app): client-rendered pages, each in its own lazily loaded chunk.
  route('admin/login', 'routes/admin.login.tsx'),
  route('admin/accept-invitation', 'routes/admin.accept-invitation.tsx'),
  route('admin', 'routes/admin.tsx', [
    index('routes/admin.dashboard.tsx'),
    route('products', 'routes/admin.products.tsx'),
    route('products/new', 'routes/admin.products.new.tsx'),
    route('products/:id', 'routes/admin.product.tsx'),
    route('reviews', 'routes/admin.reviews.tsx'),
    route('staff', 'routes/admin.staff.tsx'),
    route('audit', 'routes/admin.audit.tsx'),
    route('categories', 'routes/admin.categories.tsx'),
    route('settings', 'routes/admin.settings.tsx'),
    route('security', 'routes/admin.security.tsx'),
  ]),
  route('*', 'routes/catch-all.tsx'),
] satisfies RouteConfig;
