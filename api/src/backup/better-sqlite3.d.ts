// The part of better-sqlite3 (the SQLite driver TypeORM runs on) that backups use.
declare module 'better-sqlite3' {
  interface Statement {
    get(...params: unknown[]): unknown;
    all(...params: unknown[]): unknown[];
  }
  interface BackupProgress {
    totalPages: number;
    remainingPages: number;
  }
  class Database {
    constructor(filename: string, options?: { readonly?: boolean; fileMustExist?: boolean });
    pragma(source: string): unknown;
    prepare(source: string): Statement;
    backup(destination: string, options?: { progress?: (info: BackupProgress) => number | undefined }): Promise<BackupProgress>;
    close(): void;
  }
  export default Database;
}
