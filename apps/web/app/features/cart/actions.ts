// Stub: the cart issue fills these in (cart lines, drawer, checkout hand-off). The product page already calls
// them after checking that a size and a colour are chosen.

export interface CartSelection {
  productId: string;
  size: string;
  color: string;
  quantity: number;
}

export async function addToCart(_selection: CartSelection): Promise<void> {}

export async function buyNow(_selection: CartSelection): Promise<void> {}
