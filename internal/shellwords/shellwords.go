// Package shellwords splits a command line into words the way a POSIX
// shell does for simple quoting, without expansions: the arguments given
// to a program's main by ladr's --args and by the args of a task file.
package shellwords

import (
	"fmt"
	"strings"
)

// Split splits s into words at unquoted blanks (spaces, tabs, newlines).
// Single quotes keep everything up to the next single quote literally;
// inside double quotes a backslash escapes only ", \, $ and `; outside
// quotes a backslash escapes the next character. Quotes may join parts of
// one word (a'b c'd is the word "ab cd"), and a pair of quotes with
// nothing between them is an empty word.
// Nothing is expanded: $, *, ~ and the like are ordinary characters. An
// unterminated quote or a trailing backslash is an error. The result is
// never nil: an empty or blank s gives no words (an empty, non-nil slice).
func Split(s string) ([]string, error) {
	words := []string{}
	var cur strings.Builder
	inWord := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		case c == '\\':
			if i+1 == len(s) {
				return nil, fmt.Errorf("%q ends with a backslash", s)
			}
			i++
			if s[i] != '\n' { // backslash-newline joins lines
				cur.WriteByte(s[i])
				inWord = true
			}
		case c == '\'':
			end := strings.IndexByte(s[i+1:], '\'')
			if end < 0 {
				return nil, fmt.Errorf("unterminated ' in %q", s)
			}
			cur.WriteString(s[i+1 : i+1+end])
			i += end + 1
			inWord = true
		case c == '"':
			j := i + 1
			for ; j < len(s) && s[j] != '"'; j++ {
				if s[j] == '\\' && j+1 < len(s) && strings.IndexByte("\"\\$`", s[j+1]) >= 0 {
					j++
				}
				cur.WriteByte(s[j])
			}
			if j == len(s) {
				return nil, fmt.Errorf("unterminated \" in %q", s)
			}
			i = j
			inWord = true
		default:
			cur.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words, nil
}
