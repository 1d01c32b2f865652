// Reads a multipart upload of one file and a few text fields. A body that is not a well-formed form
// (no or wrong boundary, cut short, no closing line) is the sender's fault: 400, not 500; the upload
// limits keep their own sentences.
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { MESSAGES } from '@qist/domain';
import { AppError, badRequest, multipartRefusal } from '../errors.js';

export interface Upload {
  /** The text fields, by name (the last value of a repeated one). */
  fields: Record<string, string>;
  file: { bytes: Buffer; filename: string } | undefined;
}

/** The upload; the file must come in one of `fileFields`, and at most one file. */
export async function readUpload(request: FastifyRequest, fileFields: readonly string[]): Promise<Upload> {
  if (!request.isMultipart()) throw badRequest(MESSAGES.selectFile);
  try {
    const upload: Upload = { fields: {}, file: undefined };
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const file = part as MultipartFile;
        if (!fileFields.includes(file.fieldname) || upload.file) {
          await file.toBuffer();
          throw badRequest(upload.file ? MESSAGES.oneFileOnly : MESSAGES.selectFile);
        }
        upload.file = { bytes: await file.toBuffer(), filename: file.filename };
      } else if (typeof part.value === 'string') {
        upload.fields[part.fieldname] = part.value;
      }
    }
    return upload;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw multipartRefusal(error) ?? badRequest(MESSAGES.invalidMultipart);
  }
}
