// Paging of GET /v1/crosschain/orders, shared by the domain that pages and the schema that validates.
export const ORDERS_DEFAULT_LIMIT = 50;
export const ORDERS_MAX_LIMIT = 500;
