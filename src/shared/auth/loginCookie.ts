/** Name of the shopper's login cookie; its value is the login token the pages send as `LOGIN_TOKEN_HEADER`. */
export const LOGIN_COOKIE = 'login_token';
/** Request header that carries the login token (docs/calls.md#customer-base-data). */
export const LOGIN_TOKEN_HEADER = 'x-login-token';
