import { Injectable } from '@nestjs/common';
import { UPLOAD_FIELD } from '@schoolflow/contracts';
import type { Request, Response } from 'express';
import { SpreadsheetReader } from '../../infrastructure/spreadsheet/spreadsheet-reader.js';
import { UploadReceiver } from './upload-receiver.js';

/** Imports take one .xlsx or .xls file (docs/product/base-data.md#import-and-export). */
const IMPORT_EXTENSIONS = ['.xlsx', '.xls'];

/**
 * The way in of every import (users now; students, staff and the rest with the resource kit): the one file streamed
 * to disk within the import's size limit (UploadReceiver), its bytes checked to be a workbook, its first sheet read
 * off the request thread within the import limits (SpreadsheetReader), and the file removed. Answers the rows,
 * header first, and the file's name for the operation log.
 */
@Injectable()
export class ImportUpload {
  constructor(
    private readonly receiver: UploadReceiver,
    private readonly sheets: SpreadsheetReader,
  ) {}

  async rows(userId: string, req: Request, res: Response, maxKb: number): Promise<{ fileName: string; rows: string[][] }> {
    const [file] = await this.receiver.receive(userId, req, res, {
      field: UPLOAD_FIELD,
      maxFileBytes: maxKb * 1024,
      maxFiles: 1,
      extensions: IMPORT_EXTENSIONS,
      messages: { tooLarge: 'importFileTooLarge', type: 'importFileType', required: 'importFileRequired' },
    });
    if (!file) throw new Error('the receiver answered no file'); // it refuses an empty request itself
    try {
      return { fileName: file.name, rows: await this.sheets.read(file.path, file.ext) };
    } finally {
      await this.receiver.drop([file]);
    }
  }
}
