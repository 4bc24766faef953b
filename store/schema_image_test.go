package store

import (
	"context"
	"database/sql"
	"flag"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

var updateSchemaImage = flag.Bool("update-schema-image", false, "rewrite store/schema.db from the migrations")

// migratedDatabase builds at path, on an empty file, the database the
// migrations give: WAL mode and every migration, then closed, so its WAL is
// checkpointed into the one file. It is what schema.db must be.
func migratedDatabase(t *testing.T, path string) {
	t.Helper()
	u := &url.URL{Scheme: "file", Path: filepath.ToSlash(path), RawQuery: "_txlock=immediate"}
	if !strings.HasPrefix(u.Path, "/") {
		u.Path = "/" + u.Path // a Windows drive path: file:///C:/…
	}
	db, err := sql.Open("sqlite", u.String())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	var mode string
	if err := db.QueryRow(`PRAGMA journal_mode = WAL`).Scan(&mode); err != nil || mode != "wal" {
		t.Fatalf("journal_mode = %q, %v", mode, err)
	}
	if err := migrate(context.Background(), db); err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path + "-wal"); err == nil {
		t.Fatalf("%s-wal left after close: the image would not be one file", path)
	}
}

// describe is everything of a database's make-up that a store relies on:
// its schema rows, its version, and the settings kept in the file.
func describe(t *testing.T, path string) []string {
	t.Helper()
	db, err := sql.Open("sqlite", dsn(path)+"&mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var out []string
	rows, err := db.Query(`SELECT type, name, tbl_name, rootpage, coalesce(sql, '') FROM sqlite_schema ORDER BY type, name`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var typ, name, tbl, sqlText string
		var root int
		if err := rows.Scan(&typ, &name, &tbl, &root, &sqlText); err != nil {
			t.Fatal(err)
		}
		out = append(out, fmt.Sprintf("%s %s on %s at page %d: %s", typ, name, tbl, root, sqlText))
	}
	if err := rows.Close(); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"user_version", "journal_mode", "page_size", "auto_vacuum", "encoding", "application_id", "freelist_count", "integrity_check"} {
		var v string
		if err := db.QueryRow(`PRAGMA ` + p).Scan(&v); err != nil {
			t.Fatalf("PRAGMA %s: %v", p, err)
		}
		out = append(out, p+" = "+v)
	}
	return out
}

// The embedded image a new database is written from (create.go) is the
// database the migrations build: the same schema rows (tables, indexes and
// their SQL, at the same pages), the same user_version, WAL mode, page size
// and encoding, and it passes SQLite's integrity check. After a migration is
// appended, this fails until the image is rebuilt:
//
//	go test ./store -run TestSchemaImageIsTheMigrations -update-schema-image
func TestSchemaImageIsTheMigrations(t *testing.T) {
	dir := t.TempDir()
	want := filepath.Join(dir, "migrated.db")
	migratedDatabase(t, want)
	if *updateSchemaImage {
		b, err := os.ReadFile(want)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile("schema.db", b, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("schema.db rewritten: %d bytes", len(b))
		schemaImage = b
	}
	got := filepath.Join(dir, "image.db")
	if err := writeSynced(got, schemaImage); err != nil {
		t.Fatal(err)
	}
	g, w := describe(t, got), describe(t, want)
	if !slices.Equal(g, w) {
		t.Errorf("schema.db is not what the migrations build (rebuild it with -update-schema-image):\nimage:\n%s\nmigrations:\n%s",
			join(g), join(w))
	}
	if !slices.Contains(g, fmt.Sprintf("user_version = %d", schemaVersion)) || !slices.Contains(g, "journal_mode = wal") ||
		!slices.Contains(g, "integrity_check = ok") {
		t.Errorf("schema.db: %s", join(g))
	}
}

func join(lines []string) string {
	s := ""
	for _, l := range lines {
		s += "  " + l + "\n"
	}
	return s
}
