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
  QUANTITY_DEBOUNCE_MS,
  checkQuantity,
  digitsOnly,
  maxQuantity,
  minusDisabled,
  plusDisabled,
  type QuantityLimits,
} from './quantity.ts';
