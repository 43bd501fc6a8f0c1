// The one refusal of an image over the limit (product.md §16); the body limit refuses larger bodies before they are read.
import { MAX_IMAGE_TEXT } from '../../contracts/limits';
import { HttpError } from './http-error';

export const imageTooLarge = () => new HttpError(413, 'payload_too_large', `Images may be at most ${MAX_IMAGE_TEXT}`);
