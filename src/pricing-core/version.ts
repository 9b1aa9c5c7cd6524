// The pricing core's version, shown in the app as McpVersion. Bump on any change to results.
export const MCP_VERSION = '1.0.0';
