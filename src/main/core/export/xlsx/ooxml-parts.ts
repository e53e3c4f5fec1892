/** The fixed parts of an XLSX package around its sheets: content types, relationships, workbook. */
import { xmlAttribute } from './style-registry';

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DOC_RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml';

export const sheetPath = (index: number): string => `xl/worksheets/sheet${index + 1}.xml`;

export function contentTypesXml(sheets: number): string {
  const overrides = Array.from(
    { length: sheets },
    (_, i) => `<Override PartName="/${sheetPath(i)}" ContentType="${TYPE}.worksheet+xml"/>`,
  ).join('');
  return (
    `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    `<Override PartName="/xl/workbook.xml" ContentType="${TYPE}.sheet.main+xml"/>` +
    `<Override PartName="/xl/styles.xml" ContentType="${TYPE}.styles+xml"/>` +
    `${overrides}</Types>`
  );
}

export function rootRelsXml(): string {
  return (
    `${XML_HEAD}<Relationships xmlns="${RELS}">` +
    `<Relationship Id="rId1" Type="${DOC_RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`
  );
}

export function workbookXml(names: readonly string[]): string {
  const sheets = names
    .map((name, i) => `<sheet name="${xmlAttribute(name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
    .join('');
  return (
    `${XML_HEAD}<workbook xmlns="${MAIN}" xmlns:r="${DOC_RELS}">` +
    `<bookViews><workbookView activeTab="0"/></bookViews><sheets>${sheets}</sheets></workbook>`
  );
}

export function workbookRelsXml(sheets: number): string {
  const rels = Array.from(
    { length: sheets },
    (_, i) =>
      `<Relationship Id="rId${i + 1}" Type="${DOC_RELS}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
  ).join('');
  return (
    `${XML_HEAD}<Relationships xmlns="${RELS}">${rels}` +
    `<Relationship Id="rId${sheets + 1}" Type="${DOC_RELS}/styles" Target="styles.xml"/></Relationships>`
  );
}

export function sheetHeadXml(widths: readonly number[]): string {
  const cols = widths
    .map((width, i) => `<col min="${i + 1}" max="${i + 1}" width="${width}" customWidth="1"/>`)
    .join('');
  return (
    `${XML_HEAD}<worksheet xmlns="${MAIN}" xmlns:r="${DOC_RELS}">` +
    '<sheetViews><sheetView workbookViewId="0">' +
    '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
    '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews>' +
    `<sheetFormatPr defaultRowHeight="15"/><cols>${cols}</cols><sheetData>`
  );
}

export const SHEET_TAIL_XML = '</sheetData></worksheet>';
