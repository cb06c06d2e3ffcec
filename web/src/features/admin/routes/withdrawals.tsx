// The router's entry for /admin/withdrawals; the screen lives in its feature folder.
export { default } from '../withdrawals/routes/withdrawals';
