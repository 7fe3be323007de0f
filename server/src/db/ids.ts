const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether an id from a URL or header can be a row id (the tables use uuid keys). A malformed id is
 * answered like an unknown one, never with the database's invalid-input error.
 */
export const isUuid = (value: string): boolean => UUID.test(value);
