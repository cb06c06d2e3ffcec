/** The store of the activation list the back-office reads. */
export { dynamoActivationStore } from '../data/activation-store.js';
