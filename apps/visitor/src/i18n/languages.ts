/** Where the visitor's language is stored (spec section 3). The languages themselves: `@parley/languages`. */
export const LANGUAGE_STORAGE_KEY = 'chat-lan';
