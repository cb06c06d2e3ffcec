// The router's entry for /admin/activations; the screen lives in its feature folder.
export { default } from '../activations/routes/activations';
