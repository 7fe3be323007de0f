/** Errors of the assets area that more than one service raises. */
import { ASSET_ERROR_CODES, ASSET_TEXT } from '../../../../src/contract/assets';
import { AppError } from '../../errors';

/** 409: the same content (same SHA-256) is already a live asset of the space; names that asset. */
export const duplicateAsset = (existingName: string) => new AppError(409, ASSET_TEXT.duplicate(existingName), ASSET_ERROR_CODES.duplicate);

export const validationError = (field: string, message: string) => new AppError(422, 'Validation error', 'VALIDATION_ERROR', [{ field, message }]);
