// Package mcp offers the tools of the user's Model Context Protocol servers
// to runs, as engine tools named mcp__<server>__<tool>.
//
// A Hub owns the servers for the life of the process: it starts each one on
// the first run that needs it (a program over stdio, in its own process
// group, or a streamable HTTP endpoint), keeps it, restarts it with backoff
// when it dies, and stops it with its process group at Close. The client is
// the official Go SDK (github.com/modelcontextprotocol/go-sdk); this package
// only decides lifetimes and treats every server as hostile: what it reads
// from one (frames, tool count, names, schemas, output) is bounded.
package mcp
