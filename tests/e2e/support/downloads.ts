// Files the app hands to the browser as downloads, read back for assertions.
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import type { Workbook } from 'exceljs';

/** Clicks `trigger`, waits for the download it starts and parses it as an .xlsx workbook. */
export async function downloadedWorkbook(page: Page, trigger: Locator): Promise<Workbook> {
  const download = page.waitForEvent('download');
  await trigger.click();
  const file = await (await download).path();
  const ExcelJS = (await import('exceljs')).default;
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(readFileSync(file!) as unknown as ArrayBuffer);
  return wb;
}
