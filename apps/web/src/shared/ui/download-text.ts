/** Saves `text` as a UTF-8 file named `fileName` (a receipt's canonical content), byte for byte as given. */
export function downloadText(text: string, fileName: string, type = 'application/json') {
  const url = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The file a receipt's canonical content is saved as: `sha256sum` over it gives the receipt. */
export const receiptFileName = (taskCode: string, revision: number) => `回执-${taskCode}-第${revision}版.json`;
