// A secret typed on the terminal without echo (the admin's password): never an argument, which would stay in
// the shell's history and be visible to every user of the machine in the process list.
import { stdin, stdout } from 'node:process';

/** Asks `question` on the terminal and reads one line without showing it; Ctrl-C ends the program. */
export function askSecret(question: string): Promise<string> {
  return new Promise((resolve) => {
    stdout.write(question);
    let typed = '';
    const wasRaw = stdin.isRaw;
    stdin.setRawMode(true);
    stdin.setEncoding('utf8');
    stdin.resume();
    const done = (then: () => void) => {
      stdin.setRawMode(wasRaw);
      stdin.pause();
      stdin.off('data', onData);
      stdout.write('\n');
      then();
    };
    function onData(chunk: string) {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') return done(() => resolve(typed));
        if (ch === '\u0003') return done(() => process.exit(130));
        if (ch === '\u007f' || ch === '\b') typed = typed.slice(0, -1);
        else if (ch >= ' ') typed += ch;
      }
    }
    stdin.on('data', onData);
  });
}
