module example.com/gcltest

go 1.26
