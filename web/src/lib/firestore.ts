export { converterFor } from './converters';
export { typedCollection } from './firestoreApi';
