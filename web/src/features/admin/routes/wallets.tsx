// The router's entry for /admin/wallets; the screen lives in its feature folder.
export { default } from '../wallets/routes/wallets';
