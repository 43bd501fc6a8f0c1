// Request bodies over the limit are refused with 413 before anything reads them.
import { bodyLimit } from 'hono/body-limit';
import { MAX_IMAGE_BYTES } from '../../contracts/limits';
import { HttpError } from '../lib/http-error';

export const JSON_BODY_LIMIT = 512 * 1024;
/** The image limit plus room for the multipart framing around it (boundaries, headers, a key field). */
export const IMAGE_BODY_LIMIT = MAX_IMAGE_BYTES + 16 * 1024;

export const limitBody = (maxSize: number) =>
  bodyLimit({
    maxSize,
    onError: () => {
      throw new HttpError(413, 'payload_too_large', `The request body is larger than ${Math.round(maxSize / 1024)} KB`);
    },
  });
