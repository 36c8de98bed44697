export {
  EMPTY_CART,
  cartDiscount,
  cartFromCheckout,
  checkoutIdFromWebUrl,
  quantityInCart,
  type CartLine,
  type CartState,
} from './checkout.ts';
export { freeShippingProgress } from './free-shipping.ts';
export {
  estimateView,
  readEstimate,
  type EstimateView,
  type ShippingEstimate,
} from './estimate.ts';
export {
  QUANTITY_COMMIT_MS,
  addDisabled,
  checkQuantity,
  digitsOnly,
  lineLimits,
  minusDisabled,
  mostAllowed,
  plusDisabled,
  type QuantityCheck,
  type QuantityLimits,
} from './quantity.ts';
