// What other features may use of the delivery promise (docs/decisions/015-web-boundaries.md).
export { CheckDelivery } from './CheckDelivery';
export { DeliveryPromiseLines, OrderDeliveryBy } from './DeliveryPromise';
export { useDeliveryPromise } from './use-delivery-promise';
