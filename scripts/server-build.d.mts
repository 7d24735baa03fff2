export declare const SERVER_DIR: string;
export declare const SERVER_ENTRY: string;
export declare function buildServer(): string;
export declare const SERVER_NODE_OPTIONS: string[];
