export { onUserCreated } from './functions/onUserCreated';
