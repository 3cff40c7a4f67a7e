import { createInterface } from 'node:readline/promises';

/**
 * Asks the question on `output` and reads one line from `input`: true only when `yes` is typed.
 * Any other answer is no, and so is an input that ends without one (no terminal, a closed pipe).
 */
export async function askToConfirm(question: string, input: NodeJS.ReadableStream, output: NodeJS.WritableStream): Promise<boolean> {
  const prompt = createInterface({ input, output });
  try {
    const answer = await new Promise<string>((resolve) => {
      prompt.question(`${question}\nType yes to restore: `).then(resolve, () => resolve(''));
      // A line read just before the input ended still counts: the end is taken after it.
      prompt.once('close', () => setImmediate(() => resolve('')));
    });
    return answer.trim() === 'yes';
  } finally {
    prompt.close();
  }
}
